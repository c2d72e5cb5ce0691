#include "frontend/eval.h"
