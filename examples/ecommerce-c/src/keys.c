/* keys.c - key builders for the Ecommerce table. */
#include "store.h"

#include <stdio.h>

const char *user_pk(char *buf, size_t size, const char *user_id)
{
        snprintf(buf, size, "USER#%s", user_id);
        return buf;
}

const char *order_sk(char *buf, size_t size, const char *order_id)
{
        snprintf(buf, size, "ORDER#%s", order_id);
        return buf;
}

const char *order_item_sk(char *buf, size_t size, const char *order_id, const char *item_id)
{
        snprintf(buf, size, "ORDER#%s#ITEM#%s", order_id, item_id);
        return buf;
}
