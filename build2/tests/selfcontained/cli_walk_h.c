#include "cli/walk.h"
