#include "checks/check.h"
