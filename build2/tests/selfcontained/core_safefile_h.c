#include "core/safefile.h"
