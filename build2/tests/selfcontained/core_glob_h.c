#include "core/glob.h"
