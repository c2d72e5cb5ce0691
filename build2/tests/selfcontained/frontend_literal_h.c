#include "frontend/literal.h"
