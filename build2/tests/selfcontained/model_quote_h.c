#include "model/quote.h"
