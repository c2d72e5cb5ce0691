#include "core/htab.h"
