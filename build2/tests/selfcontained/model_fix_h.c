#include "model/fix.h"
