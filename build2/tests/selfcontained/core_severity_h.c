#include "core/severity.h"
