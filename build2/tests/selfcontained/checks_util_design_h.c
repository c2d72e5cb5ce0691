#include "checks/util_design.h"
