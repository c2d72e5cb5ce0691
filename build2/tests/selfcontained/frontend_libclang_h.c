#include "frontend/libclang.h"
