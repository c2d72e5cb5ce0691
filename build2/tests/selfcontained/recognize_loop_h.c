#include "recognize/loop.h"
