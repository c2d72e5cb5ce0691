#include "frontend/compdb.h"
