#include "recognize/tokens.h"
