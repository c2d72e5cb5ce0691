#include "model/normalize.h"
