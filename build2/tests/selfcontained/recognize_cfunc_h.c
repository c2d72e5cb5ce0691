#include "recognize/cfunc.h"
