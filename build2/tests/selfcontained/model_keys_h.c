#include "model/keys.h"
