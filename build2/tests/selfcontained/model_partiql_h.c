#include "model/partiql.h"
