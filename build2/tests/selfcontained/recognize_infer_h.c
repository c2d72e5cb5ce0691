#include "recognize/infer.h"
