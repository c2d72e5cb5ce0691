#include "recognize/follow_internal.h"
