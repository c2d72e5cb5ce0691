#include "model/words.h"
