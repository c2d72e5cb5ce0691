#include "model/placeholder.h"
