#include "model/helper.h"
