#include "core/digest.h"
