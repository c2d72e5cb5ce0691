// main.cpp - includes the header; has no request of its own.
#include "store/db.h"

int main()
{
    return 0;
}
