#include "core/suggest.h"
