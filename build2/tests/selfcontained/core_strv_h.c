#include "core/strv.h"
