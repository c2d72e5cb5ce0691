#include "frontend/scan.h"
