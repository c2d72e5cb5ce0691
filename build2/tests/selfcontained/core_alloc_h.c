#include "core/alloc.h"
