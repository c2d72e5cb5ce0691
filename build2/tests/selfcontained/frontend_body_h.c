#include "frontend/body.h"
