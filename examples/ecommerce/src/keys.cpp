// keys.cpp - key builders and attribute conversions for the Ecommerce table.
#include "ecommerce/store.h"

#include <cstdlib>
#include <string>

namespace ecommerce {

namespace keys {
Aws::String UserPk(const Aws::String &user_id) { return "USER#" + user_id; }
Aws::String OrderSk(const Aws::String &order_id) { return "ORDER#" + order_id; }
Aws::String OrderItemSk(const Aws::String &order_id, const Aws::String &item_id)
{
    return "ORDER#" + order_id + "#ITEM#" + item_id;
}
}  // namespace keys

Aws::DynamoDB::Model::AttributeValue S(const Aws::String &s)
{
    return Aws::DynamoDB::Model::AttributeValue().SetS(s);
}

Aws::DynamoDB::Model::AttributeValue N(int64_t n)
{
    return Aws::DynamoDB::Model::AttributeValue().SetN(Aws::String(std::to_string(n).c_str()));
}

Aws::String GetString(const Item &item, const char *name)
{
    auto it = item.find(name);
    return it == item.end() ? Aws::String() : it->second.GetS();
}

int64_t GetInt(const Item &item, const char *name)
{
    auto it = item.find(name);
    if (it == item.end())
        return 0;
    return std::strtoll(it->second.GetN().c_str(), nullptr, 10);
}

bool IsOrderSk(const Aws::String &sk)
{
    return sk.rfind("ORDER#", 0) == 0 && sk.find("#ITEM#") == Aws::String::npos;
}

bool IsOrderItemSk(const Aws::String &sk)
{
    return sk.rfind("ORDER#", 0) == 0 && sk.find("#ITEM#") != Aws::String::npos;
}

Order OrderFromItem(const Item &item)
{
    Order o;
    o.id = GetString(item, "SK").substr(6);  // after "ORDER#"
    o.user_id = GetString(item, "PK").substr(5);  // after "USER#"
    o.status = GetString(item, "Status");
    o.order_date = GetString(item, "OrderDate");
    o.total_cents = GetInt(item, "TotalCents");
    return o;
}

OrderItem OrderItemFromItem(const Item &item)
{
    OrderItem i;
    Aws::String sk = GetString(item, "SK");
    i.id = sk.substr(sk.find("#ITEM#") + 6);
    i.product_id = GetString(item, "ProductId");
    i.quantity = static_cast<int>(GetInt(item, "Quantity"));
    i.price_cents = GetInt(item, "PriceCents");
    return i;
}

}  // namespace ecommerce
