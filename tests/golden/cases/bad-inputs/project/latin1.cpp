// café au lait
int y;
