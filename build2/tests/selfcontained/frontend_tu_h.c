#include "frontend/tu.h"
