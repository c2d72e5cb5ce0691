#include "checks/util_keys.h"
