#include "model/request.h"
