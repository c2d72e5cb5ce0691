#include "frontend/flags.h"
