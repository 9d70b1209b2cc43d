print("healthpipe")
