#include "checks/info.h"
