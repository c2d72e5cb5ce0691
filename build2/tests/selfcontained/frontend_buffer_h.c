#include "frontend/buffer.h"
