#include "checks/util_access.h"
