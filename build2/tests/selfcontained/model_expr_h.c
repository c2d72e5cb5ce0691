#include "model/expr.h"
