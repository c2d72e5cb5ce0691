ELF an object file renamed .cpp
