#include "core/loc.h"
