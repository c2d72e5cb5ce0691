#include "report/inventory.h"
