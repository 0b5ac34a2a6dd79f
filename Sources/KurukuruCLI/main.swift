print("kurukuru")
