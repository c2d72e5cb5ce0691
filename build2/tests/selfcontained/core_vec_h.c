#include "core/vec.h"
