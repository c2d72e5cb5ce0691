#include "frontend/eval_internal.h"
