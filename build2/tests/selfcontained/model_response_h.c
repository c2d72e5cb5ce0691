#include "model/response.h"
