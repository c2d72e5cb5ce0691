#include "recognize/prefilter.h"
