#include "frontend/cx.h"
