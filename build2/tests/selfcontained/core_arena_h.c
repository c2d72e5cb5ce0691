#include "core/arena.h"
