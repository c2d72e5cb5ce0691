#include "checks/util_expr.h"
