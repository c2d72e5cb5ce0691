#include "recognize/engine.h"
