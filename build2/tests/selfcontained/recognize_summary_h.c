#include "recognize/summary.h"
