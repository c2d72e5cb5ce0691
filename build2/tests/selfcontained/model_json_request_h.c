#include "model/json_request.h"
