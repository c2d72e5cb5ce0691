#include "recognize/analyze.h"
